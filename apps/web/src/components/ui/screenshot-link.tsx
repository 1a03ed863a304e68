import './screenshot-link.css';

/** A small thumbnail of a private image that opens the full image in a new tab. */
export function ScreenshotLink({ url, label }: { url: string; label: string }) {
  return (
    <a className="screenshot-link" href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={label} loading="lazy" />
    </a>
  );
}
