import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

/** The built-in tutorial videos play from a fresh install wherever the spec puts their button. */
const cases: { who: string; path: string; link?: string; heading: string; title: string }[] = [
  {
    who: 'paralegal@smithlaw.example',
    path: '/dashboard/',
    heading: 'Smith Law Group Dashboard',
    title: 'How the dashboard works',
  },
  {
    who: 'paralegal@smithlaw.example',
    path: '/dashboard/',
    link: 'Start New Request',
    heading: 'Submit A Request',
    title: 'How to submit a request',
  },
  {
    who: 'staff@directdocs.example',
    path: '/editform/provider/',
    heading: 'Add Provider Form',
    title: 'How to map a PDF form',
  },
];

test('each tutorial video plays with its captions track', async ({ page, loginAs }) => {
  for (const c of cases) {
    await loginAs(c.who);
    await page.goto(c.path);
    if (c.link) await page.getByRole('link', { name: c.link }).click();
    await expect(page.getByRole('heading', { name: c.heading, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Watch Tutorial' }).click();
    const dialog = page.getByRole('dialog', { name: c.title });
    const video = dialog.locator('video');
    await expect(video).toBeVisible();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), {
        timeout: 10_000,
      })
      .toBeGreaterThan(10);
    const cues = await video.evaluate(async (v: HTMLVideoElement) => {
      const track = v.textTracks[0];
      track.mode = 'hidden';
      for (let i = 0; i < 50 && !track.cues?.length; i++) await new Promise((r) => setTimeout(r, 100));
      return track.cues?.length ?? 0;
    });
    expect(cues, c.title).toBeGreaterThanOrEqual(4);
    await expectNoSeriousA11yViolations(page, `tutorial: ${c.title}`);
    await page.keyboard.press('Escape');
  }
});
