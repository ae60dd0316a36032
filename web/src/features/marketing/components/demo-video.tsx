import type { Ref } from 'react';

export interface DemoVideoProps {
  src: string;
  poster: string;
  /** What the video shows, for people who cannot see it. */
  description: string;
  autoPlay?: boolean;
  controls?: boolean;
  className?: string;
  ref?: Ref<HTMLVideoElement>;
}

/** A silent demo clip (WebM); muted and inline so browsers allow autoplay. */
export function DemoVideo({ src, poster, description, autoPlay = false, controls = true, className, ref }: DemoVideoProps) {
  return (
    <video
      ref={ref}
      className={['demo-video', className].filter(Boolean).join(' ')}
      poster={poster}
      width={800}
      height={450}
      muted
      loop
      playsInline
      autoPlay={autoPlay}
      controls={controls}
      preload={autoPlay ? 'auto' : 'none'}
      aria-label={description}
    >
      <source src={src} type="video/webm" />
      {description}
    </video>
  );
}

export const captureDemo = {
  src: '/media/demo-capture.webm',
  poster: '/media/demo-capture-poster.jpg',
  description:
    'Demo: a click on the Full Page Shot button scrolls through a long travel guide, captures it, and opens the whole page as one image with Download PNG, JPG and PDF buttons.',
};

export const editorDemo = {
  src: '/media/demo-editor.webm',
  poster: '/media/demo-editor-poster.jpg',
  description:
    'Demo of the Premium editor: the capture is cropped, an e-mail address is blurred, a text note and a highlight are added, and the URL and date are stamped at the bottom.',
};
