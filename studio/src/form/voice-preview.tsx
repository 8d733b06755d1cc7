import { useEffect, useRef, useState } from "preact/hooks";

/** A play/stop button for a voice's sample (`/v1/voices/{id}/preview`, public, so an audio element can load it). */
export function VoicePreview({ url, name }: { url: string; name: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => () => audio.current?.pause(), []);
  useEffect(() => {
    audio.current?.pause();
    audio.current = null;
    setPlaying(false);
  }, [url]);
  const toggle = () => {
    if (playing) {
      audio.current?.pause();
      setPlaying(false);
      return;
    }
    audio.current ??= new Audio(url);
    audio.current.onended = () => setPlaying(false);
    audio.current.currentTime = 0;
    void audio.current.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  };
  return (
    <button type="button" class="secondary" aria-label={`${playing ? "Stop" : "Play"} the voice ${name}`} onClick={toggle}>
      {playing ? "■ Stop" : "▶ Play"}
    </button>
  );
}
