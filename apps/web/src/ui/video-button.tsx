/**
 * A 'Watch Tutorial' button opening a video popup: the app's own captioned videos play in a video element
 * (with their WebVTT captions track), YouTube and Vimeo links in their players, other links as they are.
 */
import { AspectRatio, Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';

/** YouTube and Vimeo page links become their embeddable players (the only frames the CSP allows). */
function embedUrl(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\./, '');
    if (host === 'youtube.com' && u.pathname === '/watch' && u.searchParams.get('v')) {
      return `https://www.youtube-nocookie.com/embed/${u.searchParams.get('v')}`;
    }
    if (host === 'youtu.be' && u.pathname.length > 1)
      return `https://www.youtube-nocookie.com/embed${u.pathname}`;
    if (host === 'youtube.com' && u.pathname.startsWith('/embed/')) {
      return `https://www.youtube-nocookie.com${u.pathname}`;
    }
    if (host === 'vimeo.com' && /^\/\d+$/.test(u.pathname))
      return `https://player.vimeo.com/video${u.pathname}`;
    return url;
  } catch {
    return url;
  }
}

/** A video file served by the app itself (the built-in tutorials), played without a frame. */
const isOwnVideo = (url: string) => url.startsWith('/') && /\.(webm|mp4)$/i.test(url);

export function VideoButton({ url, title }: { url: string; title: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconPlayerPlay size={16} />} onClick={open}>
        Watch Tutorial
      </Button>
      <Modal opened={opened} onClose={close} title={title} size="xl" centered>
        <AspectRatio ratio={16 / 9}>
          {isOwnVideo(url) ? (
            <video
              src={url}
              controls
              autoPlay
              preload="metadata"
              aria-label={title}
              style={{ borderRadius: 8, background: '#0b2a4a' }}
            >
              <track
                kind="captions"
                src={url.replace(/\.(webm|mp4)$/i, '.vtt')}
                srcLang="en"
                label="English"
              />
            </video>
          ) : (
            <iframe
              src={embedUrl(url)}
              title={title}
              allow="autoplay; fullscreen; picture-in-picture"
              allowFullScreen
              style={{ border: 0, borderRadius: 8 }}
            />
          )}
        </AspectRatio>
      </Modal>
    </>
  );
}
