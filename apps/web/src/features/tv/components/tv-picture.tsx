import { useState } from 'react';
import { Icon } from '../../../components/ui/icon';

/**
 * A video's picture: its thumbnail (an upload here, or YouTube's own), else a drawn poster, which
 * also stands in when the thumbnail cannot load (YouTube's image host unreachable). Fills its box.
 */
export function TvPicture({ url, isEager = false }: { url: string | null; isEager?: boolean }) {
  const [isBroken, setBroken] = useState(false);
  if (url && !isBroken) {
    return (
      <img
        src={url}
        alt=""
        width={480}
        height={360}
        loading={isEager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setBroken(true)}
        className="absolute inset-0 size-full object-cover"
      />
    );
  }
  return <div className="absolute inset-0 bg-gradient-to-br from-brand/50 via-raised to-ink" />;
}

/** The round play mark drawn over a picture. */
export function PlayMark({ size = 'small' }: { size?: 'small' | 'large' }) {
  return (
    <span
      className={`relative flex items-center justify-center rounded-full bg-black/55 text-white ring-1 ring-white/30 ${size === 'large' ? 'size-16' : 'size-10'}`}
    >
      <Icon name="play" className={size === 'large' ? 'size-8' : 'size-5'} />
    </span>
  );
}
