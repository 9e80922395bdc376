import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Captioned frames of a journey, joined into a tutorial video. Each step lays its caption over the
 * screen as it is, keeps a 1280×720 frame on screen long enough to read the caption, and is also written
 * as a WebVTT cue so the player offers the captions as text.
 */
const VIDEOS_DIR = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'public', 'videos');
const CAPTION_ID = 'dd-tutorial-caption';

const seconds = (caption: string) => Math.min(7, 2.5 + caption.length * 0.045);
const stamp = (t: number) => {
  const ms = Math.round(t * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
};

export class Recorder {
  private readonly dir = mkdtempSync(path.join(os.tmpdir(), 'dd-video-'));
  private readonly frames: { file: string; caption: string; duration: number }[] = [];

  constructor(
    private readonly page: Page,
    private readonly name: string,
  ) {}

  async step(caption: string): Promise<void> {
    await this.page.evaluate(
      ([id, text]) => {
        document.getElementById(id)?.remove();
        const bar = document.createElement('div');
        bar.id = id;
        bar.textContent = text;
        Object.assign(bar.style, {
          position: 'fixed',
          left: '50%',
          bottom: '28px',
          transform: 'translateX(-50%)',
          maxWidth: '1040px',
          padding: '14px 26px',
          borderRadius: '12px',
          background: 'rgba(11, 42, 74, 0.92)',
          color: '#fff',
          font: '600 22px/1.4 system-ui, sans-serif',
          textAlign: 'center',
          boxShadow: '0 8px 30px rgba(0,0,0,0.25)',
          zIndex: '2147483647',
          pointerEvents: 'none',
        });
        document.body.appendChild(bar);
      },
      [CAPTION_ID, caption] as const,
    );
    const file = path.join(this.dir, `frame-${String(this.frames.length).padStart(2, '0')}.png`);
    await this.page.screenshot({ path: file });
    await this.page.evaluate((id) => document.getElementById(id)?.remove(), CAPTION_ID);
    this.frames.push({ file, caption, duration: seconds(caption) });
  }

  /** Writes {name}.webm and {name}.vtt into apps/web/public/videos. */
  finish(): void {
    const list = this.frames.flatMap((f) => [`file '${f.file}'`, `duration ${f.duration.toFixed(2)}`]);
    // The concat demuxer ignores the last duration unless the last frame is listed once more.
    list.push(`file '${this.frames.at(-1)!.file}'`);
    const listFile = path.join(this.dir, 'frames.txt');
    writeFileSync(listFile, `${list.join('\n')}\n`);
    const out = path.join(this.dir, `${this.name}.webm`);
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      listFile,
      '-vf',
      'fps=5,format=yuv420p',
      '-c:v',
      'libvpx-vp9',
      '-crf',
      '36',
      '-b:v',
      '0',
      '-row-mt',
      '1',
      '-an',
      out,
    ]);
    copyFileSync(out, path.join(VIDEOS_DIR, `${this.name}.webm`));
    let t = 0;
    const cues = this.frames.map((f, i) => {
      const cue = `${i + 1}\n${stamp(t)} --> ${stamp(t + f.duration)}\n${f.caption}\n`;
      t += f.duration;
      return cue;
    });
    writeFileSync(path.join(VIDEOS_DIR, `${this.name}.vtt`), `WEBVTT\n\n${cues.join('\n')}`);
  }
}
