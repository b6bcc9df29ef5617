//! What the image viewer is given.

export interface ViewerImage {
  src: string;
  alt: string;
}

export interface ImageViewerProps {
  images: readonly ViewerImage[];
  /** The image shown first. */
  startIndex?: number;
  onClose: () => void;
  /** Names the dialog, e.g. the project's title. */
  label?: string;
}
