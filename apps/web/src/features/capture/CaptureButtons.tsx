import type { ReactNode } from 'react';
import { sk } from '../../i18n/sk.ts';

type Props = { onPhoto: () => void; onVideo: () => void; onUpload: () => void };

const svg = (paths: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="2.25em"
    height="2.25em"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {paths}
  </svg>
);

const CameraIcon = () =>
  svg(
    <>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </>,
  );
const VideoIcon = () =>
  svg(
    <>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="M16 10l5-3v10l-5-3z" />
    </>,
  );
const UploadIcon = () => svg(<path d="M12 16V4M7 9l5-5 5 5M4 16v4h16v-4" />);

/** Spec §2: the three large buttons of the Capture screen. */
export function CaptureButtons({ onPhoto, onVideo, onUpload }: Props) {
  const items = [
    { label: sk.capture.takePhoto, icon: <CameraIcon />, onClick: onPhoto },
    { label: sk.capture.recordVideo, icon: <VideoIcon />, onClick: onVideo },
    { label: sk.capture.uploadFile, icon: <UploadIcon />, onClick: onUpload },
  ];
  return (
    <div className="capture-buttons">
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          className="btn btn-primary capture-button"
          onClick={item.onClick}
        >
          {item.icon}
          <span>{item.label}</span>
        </button>
      ))}
    </div>
  );
}
