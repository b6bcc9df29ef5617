import { downloadFile } from '@atelier/api-client/download';
import { useState } from 'react';
import { Card, secondaryButton } from '@/kit/card';
import { serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { useAllowed } from '@/kit/permissions';

export const SITE_EXPORT_MESSAGES = {
  failed: 'Failed to export the site',
  done: 'Site exported',
} as const;

/** Hands `blob` to the browser as a download named `name`. */
const save = (name: string, blob: Blob) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/**
 * "Export site": the whole site (every record, revision and media file; no accounts) as one
 * archive, for the Owner and Administrators (`exportSite`). The server records the export in the
 * audit log.
 */
export function SiteExportCard() {
  const allowed = useAllowed('exportSite');
  const banners = useBanners();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      const file = await downloadFile('/export', `atelier-export-${day}.tar.gz`);
      save(file.name, file.blob);
      banners.success(SITE_EXPORT_MESSAGES.done);
    } catch (error) {
      banners.error(serverMessageOr(error, SITE_EXPORT_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      title="Export site"
      description="Every record, revision and media file of the site in one archive, to keep or to move the site to another instance (atelier import atelier FILE). Accounts, passwords and sessions are not included."
      footer={
        <button
          type="button"
          onClick={() => void run()}
          disabled={busy}
          aria-busy={busy}
          className={secondaryButton}
        >
          {busy ? 'Exporting…' : 'Download archive'}
        </button>
      }
    >
      <p className="text-sm text-gray-600">
        The archive is a .tar.gz file with a manifest, one file per table and the media files. It
        holds the inbox and the newsletter list: keep it as safe as the site itself.
      </p>
    </Card>
  );
}
