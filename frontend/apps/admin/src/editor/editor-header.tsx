import { Icon } from '@atelier/ui/icon';
import { faCompress, faExpand } from '@fortawesome/free-solid-svg-icons';
import { PREVIEW_THEMES, type ThemeId } from './themes';

export type EditorMode = 'edit' | 'split' | 'preview';

/** Which header controls show. */
export interface HeaderControls {
  label: boolean;
  modes: boolean;
  fullscreen: boolean;
  help: boolean;
  theme: boolean;
}

const modeButton =
  'rounded-md px-2.5 py-1 text-xs font-semibold aria-pressed:bg-white aria-pressed:text-blue-700 aria-pressed:shadow-sm text-gray-600 hover:text-gray-900';
const headerButton =
  'inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-2.5 py-1 text-xs font-semibold text-gray-700 hover:bg-gray-50 aria-expanded:bg-blue-50 aria-expanded:text-blue-700';

/** The editor's header: its label, the modes, the preview theme, help and fullscreen. */
export function EditorHeader({
  show,
  label,
  labelId,
  helpId,
  mode,
  onMode,
  theme,
  onTheme,
  helpOpen,
  onToggleHelp,
  fullscreen,
  onEnterFullscreen,
  onExitFullscreen,
}: {
  show: HeaderControls;
  label: string;
  labelId: string;
  helpId: string;
  mode: EditorMode;
  onMode: (mode: EditorMode) => void;
  theme: ThemeId;
  onTheme: (theme: ThemeId) => void;
  helpOpen: boolean;
  onToggleHelp: () => void;
  fullscreen: boolean;
  onEnterFullscreen: () => void;
  onExitFullscreen: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 bg-gray-50 px-3 py-2">
      <div className="flex items-center gap-2">
        {show.label && (
          <span id={labelId} className="text-sm font-semibold text-gray-800">
            {label}
          </span>
        )}
        {fullscreen && (
          <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">
            Fullscreen Mode
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {show.modes && (
          <fieldset className="flex rounded-lg bg-gray-200 p-0.5">
            <legend className="sr-only">View</legend>
            {(['edit', 'split', 'preview'] as const).map((each) => (
              <button
                key={each}
                type="button"
                aria-pressed={mode === each}
                onClick={() => onMode(each)}
                className={modeButton}
              >
                {each === 'edit' ? 'Edit' : each === 'split' ? 'Split' : 'Preview'}
              </button>
            ))}
          </fieldset>
        )}
        {show.theme && (
          <label className="flex items-center gap-1.5 text-xs font-medium text-gray-600">
            Theme
            <select
              value={theme}
              onChange={(event) => onTheme(event.target.value as ThemeId)}
              className="rounded-md border border-gray-300 bg-white px-1.5 py-1 text-xs text-gray-800"
            >
              {PREVIEW_THEMES.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {show.help && (
          <button
            type="button"
            aria-expanded={helpOpen}
            aria-controls={helpId}
            onClick={onToggleHelp}
            className={headerButton}
          >
            Help
          </button>
        )}
        {show.fullscreen &&
          (fullscreen ? (
            <button type="button" onClick={onExitFullscreen} className={headerButton}>
              <Icon icon={faCompress} className="h-3 w-3" />
              Exit
            </button>
          ) : (
            <button type="button" onClick={onEnterFullscreen} className={headerButton}>
              <Icon icon={faExpand} className="h-3 w-3" />
              Fullscreen
            </button>
          ))}
      </div>
    </div>
  );
}
