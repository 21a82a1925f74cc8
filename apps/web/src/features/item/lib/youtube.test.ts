import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, youtubeVideoId } from './youtube';

describe('YouTube links', () => {
  it('finds the video id in the usual link shapes', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      ' https://www.youtube.com/live/dQw4w9WgXcQ ',
    ]) {
      expect(youtubeVideoId(link), link).toBe('dQw4w9WgXcQ');
    }
  });

  it('refuses anything else', () => {
    for (const link of [
      'not a link',
      'https://vimeo.com/123456789',
      'https://www.youtube.com/watch?v=short',
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/channel/UC1234567890',
    ]) {
      expect(youtubeVideoId(link), link).toBeNull();
    }
  });

  it('embeds through the no-cookie host, playing at once and with its message channel for this page', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ', 'https://kanal.example')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&enablejsapi=1&origin=https%3A%2F%2Fkanal.example',
    );
  });
});
