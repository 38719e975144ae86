/**
 * A body shown as a picture: an `<img>` whose source is a `blob:` URL made here from the verified bytes, typed by
 * their magic bytes (never by the body's claimed type), so nothing is ever fetched from elsewhere. SVG is never
 * given to an image (it is markup; it shows as text). The URL is revoked when the view goes.
 */
import { useEffect, useState } from 'react';
import type { ImageKind } from './sniff.js';
import { IMAGE_MIME } from './sniff.js';

export function ImageView(props: { bytes: Uint8Array; kind: ImageKind }) {
  const { bytes, kind } = props;
  const [url, setUrl] = useState<string | null>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const u = URL.createObjectURL(new Blob([bytes.slice()], { type: IMAGE_MIME[kind] }));
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [bytes, kind]);
  if (!url) return null;
  return (
    <div className="body-image" data-image-kind={kind} data-image-state={failed ? 'failed' : size ? 'shown' : 'loading'}>
      <p className="muted">
        {kind.toUpperCase()} by its magic bytes{size ? ` · ${size.w} × ${size.h} px` : ''}
        {failed ? ' · the browser could not decode it (see the hex view)' : ''}
      </p>
      <img
        src={url}
        alt={`the body as a ${kind.toUpperCase()} image`}
        onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
