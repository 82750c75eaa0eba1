import { useState } from 'react';

export const DEFAULT_AVATAR = '/images/default-avatar.svg';

interface AvatarProps {
  src: string | null | undefined;
  size: number;
  alt?: string;
}

/** A round picture of fixed size (no layout shift); the default picture when none or when it fails. */
export function Avatar({ src, size, alt = '' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : DEFAULT_AVATAR;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(src ?? null)}
      className="shrink-0 rounded-full bg-raised object-cover ring-2 ring-line"
      style={{ width: size, height: size }}
    />
  );
}
