import { type RefObject, useEffect, useState } from 'react';

export const COUNT_UP_DURATION_MS = 2000;
export const COUNT_UP_STEPS = 50;
/** The count-up starts once this share of the section is visible. */
export const COUNT_UP_VISIBILITY = 0.1;

/** The value shown after `step` of `steps` steps towards `target`. */
export const countUpValue = (target: number, step: number, steps = COUNT_UP_STEPS) =>
  Math.round((target * Math.min(step, steps)) / steps);

/** Whether the element has been at least `threshold` visible (stays true once it has). */
export const useSeenOnce = (ref: RefObject<Element | null>, threshold = COUNT_UP_VISIBILITY) => {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold]);
  return seen;
};

/** Counts from 0 to each target in 2000 ms and 50 steps, once `running` turns true. */
export const useCountUp = (targets: readonly number[], running: boolean): number[] => {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setStep((current) => {
        if (current + 1 >= COUNT_UP_STEPS) clearInterval(timer);
        return Math.min(current + 1, COUNT_UP_STEPS);
      });
    }, COUNT_UP_DURATION_MS / COUNT_UP_STEPS);
    return () => clearInterval(timer);
  }, [running]);
  return targets.map((target) => countUpValue(target, step));
};
