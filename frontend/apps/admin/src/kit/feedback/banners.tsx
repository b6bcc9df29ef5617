import { Banner, type BannerTone } from '@atelier/ui/banner';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/** back-office.md §4 and §9: success banners leave after 3 s, error banners after 5 s. */
export const SUCCESS_BANNER_MS = 3_000;
export const ERROR_BANNER_MS = 5_000;

interface BannerItem {
  id: number;
  tone: BannerTone;
  message: string;
}

export interface BannerApi {
  success: (message: string) => void;
  error: (message: string) => void;
}

interface BannerState extends BannerApi {
  items: readonly BannerItem[];
  dismiss: (id: number) => void;
}

const BannerContext = createContext<BannerState | null>(null);

/** Holds the back office's banners; screens raise them with `useBanners()`. */
export function BannerProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<readonly BannerItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const show = useCallback(
    (tone: BannerTone, message: string) => {
      nextId.current += 1;
      const id = nextId.current;
      setItems((current) => {
        // The same message raised again restarts its timer instead of stacking.
        for (const old of current) {
          if (old.tone === tone && old.message === message) {
            clearTimeout(timers.current.get(old.id));
            timers.current.delete(old.id);
          }
        }
        return [
          ...current.filter((old) => !(old.tone === tone && old.message === message)),
          { id, tone, message },
        ];
      });
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), tone === 'success' ? SUCCESS_BANNER_MS : ERROR_BANNER_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const value = useMemo<BannerState>(
    () => ({
      items,
      dismiss,
      success: (message) => show('success', message),
      error: (message) => show('error', message),
    }),
    [items, dismiss, show],
  );
  return <BannerContext.Provider value={value}>{children}</BannerContext.Provider>;
}

const useBannerState = (): BannerState => {
  const state = useContext(BannerContext);
  if (!state) throw new Error('useBanners() needs a <BannerProvider> above it');
  return state;
};

/** Raise a success banner (3 s) or an error banner (5 s). */
export const useBanners = (): BannerApi => {
  const { success, error } = useBannerState();
  return useMemo(() => ({ success, error }), [success, error]);
};

/** Where the banners show: at the top of the screen, each dismissible. */
export function BannerRegion() {
  const { items, dismiss } = useBannerState();
  return (
    <div className="sticky top-16 z-20 mx-auto max-w-6xl space-y-2 empty:hidden">
      {items.map((item) => (
        <Banner
          key={item.id}
          tone={item.tone}
          message={item.message}
          onDismiss={() => dismiss(item.id)}
        />
      ))}
    </div>
  );
}
