import { useEffect, useState } from 'react';

/** The dark modules of a QR code: its size and one SVG path drawing them. */
interface QrPath {
  size: number;
  path: string;
}

/** QR codes need four modules of light margin on every side to be read reliably. */
const QUIET_ZONE = 4;

/**
 * The QR code of `text`, drawn as inline SVG in the browser. The `qrcode` library only computes
 * the matrix (loaded the first time one is shown): nothing leaves the page, and no image or
 * `innerHTML` is needed.
 */
export function QrCode({
  text,
  label,
  size = 192,
}: {
  text: string;
  label: string;
  size?: number;
}) {
  const [qr, setQr] = useState<QrPath | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then(({ default: QRCode }) => {
      if (cancelled) return;
      const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
      let path = '';
      for (let row = 0; row < modules.size; row += 1) {
        for (let column = 0; column < modules.size; column += 1) {
          if (modules.get(row, column))
            path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
        }
      }
      setQr({ size: modules.size + 2 * QUIET_ZONE, path });
    });
    return () => {
      cancelled = true;
    };
  }, [text]);

  if (!qr) {
    return (
      <div
        role="img"
        aria-label={label}
        aria-busy="true"
        style={{ width: size, height: size }}
        className="animate-pulse rounded-lg bg-gray-100"
      />
    );
  }
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      className="rounded-lg border border-gray-200"
      data-modules={qr.size - 2 * QUIET_ZONE}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#111827" />
    </svg>
  );
}
