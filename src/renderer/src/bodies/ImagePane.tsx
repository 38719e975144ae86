/** The picture view: the image once all its verified bytes are in, or why there is none. */
import type { ImageKind } from './sniff.js';
import { ImageView } from './ImageView.js';
import { IMAGE_CAP } from './use-body-bytes.js';

export function ImagePane(props: {
  /** The loaded bytes as one array; null before any. */
  flat: Uint8Array | null;
  /** What the first bytes say the picture is; null when they are no picture. */
  kind: ImageKind | null;
  sniffed: boolean;
  complete: boolean;
  total: number | null;
}) {
  const { flat, kind } = props;
  if (kind && flat && props.complete) return <ImageView bytes={flat} kind={kind} />;
  if (!kind && props.sniffed)
    return (
      <p className="warn" role="alert">
        These bytes are not a PNG, JPEG, GIF or WebP image (whatever the content type says); open them in hex.
      </p>
    );
  if (props.total !== null && props.total > IMAGE_CAP)
    return <p className="warn">The image is larger than {IMAGE_CAP / 1048576} MiB; open it in hex or save it.</p>;
  return <p className="hint">Reading the verified bytes…</p>;
}
