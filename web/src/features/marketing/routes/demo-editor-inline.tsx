import { useEffect, useRef, useState } from 'react';
import { usePageTitle } from '../../../components/ui/page-title';
import { DemoVideo, editorDemo } from '../components/demo-video';

/** Demo playback rates (spec): 5, 2, 1, 0.5, 0.1. */
export const PLAYBACK_RATES = [5, 2, 1, 0.5, 0.1] as const;

/**
 * The autoplaying editor demo, without header and footer, for embedding (the extension shows it
 * in a frame). Buttons set the playback rate; another pauses and resumes.
 */
export function DemoEditorInlinePage() {
  usePageTitle('Editor demo');
  const video = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState<number>(1);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    // A new source load resets playbackRate to defaultPlaybackRate, so set both.
    v.defaultPlaybackRate = rate;
    v.playbackRate = rate;
  }, [rate]);

  const togglePause = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) void v.play().catch(() => undefined);
    else v.pause();
  };

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const sync = () => setPaused(v.paused);
    v.addEventListener('play', sync);
    v.addEventListener('pause', sync);
    return () => {
      v.removeEventListener('play', sync);
      v.removeEventListener('pause', sync);
    };
  }, []);

  return (
    <div className="demo-inline">
      <h1 className="sr-only">Editor demo</h1>
      <DemoVideo ref={video} {...editorDemo} autoPlay controls={false} className="demo-inline__video" />
      <div className="demo-inline__controls">
        <button type="button" className="demo-inline__button" onClick={togglePause}>
          {paused ? 'Play' : 'Pause'}
        </button>
        <div role="group" aria-label="Playback speed" className="demo-inline__rates">
          {PLAYBACK_RATES.map((r) => (
            <button key={r} type="button" className="demo-inline__button" aria-pressed={rate === r} onClick={() => setRate(r)}>
              {r}×
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

export { DemoEditorInlinePage as Component };
