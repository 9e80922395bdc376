import { apiLogin, fillNewClient, PDF } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * The law-firm journey: a paralegal adds a client with a HIPAA form, orders from three providers (one
 * added on the spot), finds the requests on the dashboard, downloads the records staff attached and sees
 * the download in the file's history. Another firm cannot open the request.
 */
test('a paralegal orders records from three providers and downloads what arrives', async ({
  page,
  loginAs,
  request,
}) => {
  const tag = `${Date.now()}`.slice(-6);
  const lastName = `Whitaker${tag}`;
  const newProvider = `Aspen Ridge Orthopedics ${tag}`;

  await loginAs('paralegal@smithlaw.example');
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: 'Start New Request' }).click();
  await expect(page).toHaveURL(/\/editRequest\/\d+\/$/);
  await expect(page.getByRole('button', { name: 'Add New Client' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new request form');

  // A new client with a HIPAA consent form.
  await page.getByRole('button', { name: 'Add New Client' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Client' });
  await fillNewClient(modal, {
    lastName,
    code: `SLG-${tag}`,
    ssn: `5${tag.slice(0, 2)}-${tag.slice(2, 4)}-${tag.slice(2)}`.slice(0, 11),
  });
  await expect(modal.getByText('hipaa-consent.pdf')).toBeVisible();
  await shot(page, 'order-new-client');
  await expectNoSeriousA11yViolations(page, 'add new client dialog');
  await modal.getByRole('button', { name: 'Save Client' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('No earlier requests for this client.')).toBeVisible();

  // Two providers from the directory and one added on the spot.
  const search = page.getByLabel('Search providers');
  await search.fill('Hospital');
  const listed = page.getByRole('group', { name: 'Providers' }).getByRole('checkbox');
  // Chosen by name once the search has filtered the list: it re-renders as the search settles and as
  // providers are selected, so positions can shift under a click.
  const firstTwo = () =>
    listed.evaluateAll((boxes) =>
      boxes.slice(0, 2).map((box) => (box as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''),
    );
  await expect.poll(async () => (await firstTwo()).filter((n) => /hospital/i.test(n)).length).toBe(2);
  for (const name of await firstTwo()) await page.getByRole('checkbox', { name, exact: true }).check();
  await expect(page.getByRole('group', { name: 'Selected providers' }).getByRole('button')).toHaveCount(2);
  await search.fill(newProvider);
  await page.getByRole('button', { name: 'Add New Provider' }).click();
  const providerModal = page.getByRole('dialog', { name: 'Add New Provider' });
  await providerModal.getByLabel(/^Name/).fill(newProvider);
  await expectNoSeriousA11yViolations(page, 'add new provider dialog');
  await providerModal.getByRole('button', { name: 'Save Provider' }).click();
  await expect(providerModal).toBeHidden();
  await expect(page.getByRole('group', { name: 'Selected providers' }).getByText(newProvider)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Medical Records', exact: true }).check();
  await page.getByLabel(/^Start Date/).fill('01/01/2022');
  await page.getByLabel(/^End Date/).fill('12/31/2024');
  await shot(page, 'order-filled');
  await expectNoSeriousA11yViolations(page, 'filled request form');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText(/You submitted a request to 3 provider/)).toBeVisible();
  await shot(page, 'order-confirmation');
  await expectNoSeriousA11yViolations(page, 'request confirmation');

  // The three open requests on the dashboard, filtered by the client and sorted.
  await page.getByRole('link', { name: 'Go Back To Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'All Open Requests' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'firm dashboard after ordering');
  await page.getByRole('combobox', { name: 'Client', exact: true }).fill(lastName);
  // The dropdown opens below the page fold and then moves up beside the box: click once it has settled.
  const option = page.getByRole('option', { name: new RegExp(lastName) });
  await expect(option).toBeInViewport();
  await option.click();
  const rows = page.locator('table').filter({ hasText: 'Internal Request #' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: 'Provider', exact: true }).click();
  await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Provider', exact: true }).click();
  await expect(page.locator('th[aria-sort="descending"]')).toHaveCount(1);
  await shot(page, 'order-dashboard');
  await expectNoSeriousA11yViolations(page, 'dashboard filtered by client');

  // Staff attach verified records to one of the requests (through the API).
  const firm = await apiLogin(request, 'paralegal@smithlaw.example');
  const patients = await (await request.get(`/api/home/patient/?name=${lastName}`, { headers: firm })).json();
  const list = await (
    await request.get(`/api/home/request/?patient=${patients[0].id}`, { headers: firm })
  ).json();
  expect(list.count).toBe(3);
  const target = list.results[0];
  const staff = await apiLogin(request, 'staff@directdocs.example');
  const upload = await request.post('/api/photoUpload/', {
    headers: staff,
    multipart: {
      'files[]': { name: 'records.pdf', mimeType: 'application/pdf', buffer: PDF },
      name: 'records.pdf',
      bucket_name: 'provider-records',
    },
  });
  expect(upload.ok()).toBeTruthy();
  const [stored] = (await upload.json()).uploaded_files;
  const me = await (await request.get('/users/user/', { headers: staff })).json();
  const file = await (
    await request.post('/api/home/file/', {
      headers: staff,
      data: { name: 'records.pdf', url: stored.url, request: target.id, supporting_file: false },
    })
  ).json();
  expect(
    (await request.post(`/api/home/file/${file.id}/`, { headers: staff, data: { verified_by: me.id } })).ok(),
  ).toBeTruthy();
  const note = await request.post('/api/home/notes/', {
    headers: staff,
    data: {
      text: 'Records received and checked.',
      request: target.id,
      update_status: 'Completed - Documents Arrived',
    },
  });
  expect(note.ok()).toBeTruthy();

  // The paralegal downloads them; the button turns into 'Downloaded'.
  await page.goto('/dashboard/');
  await expect(page.getByRole('heading', { name: 'Download Records' })).toBeVisible();
  const fileRow = page.getByRole('row').filter({ hasText: lastName }).filter({ hasText: 'records.pdf' });
  const download = page.waitForEvent('download');
  await fileRow.getByRole('button', { name: /^Download/ }).click();
  await download;
  // Downloaded, and still downloadable again (records get lost; every download is logged).
  await expect(fileRow.getByRole('button', { name: /^Downloaded/ })).toBeEnabled();
  await shot(page, 'order-downloaded');
  await expectNoSeriousA11yViolations(page, 'dashboard after download');

  // The firm sees who opened the file: the request screen's download history names the paralegal.
  const paralegal = await apiLogin(request, 'paralegal@smithlaw.example');
  const paralegalName = (await (await request.get('/users/user/', { headers: paralegal })).json()).full_name;
  await page.goto(`/request/${target.id}/`);
  await page.getByRole('button', { name: 'Download history of records.pdf' }).click();
  const history = page.getByRole('dialog', { name: 'Download history: records.pdf' });
  await expect(
    history.getByRole('row').filter({ hasText: paralegalName }).filter({ hasText: 'Downloaded' }),
  ).toHaveCount(1);
  await shot(page, 'file-download-history');
  await expectNoSeriousA11yViolations(page, 'file download history');
  await page.keyboard.press('Escape');

  // Another firm cannot open the request.
  await loginAs('paralegal@jonesinjury.example');
  await page.goto(`/request/${target.id}/`);
  await expect(page.getByRole('heading', { name: 'Request not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'request not found');
  const other = await apiLogin(request, 'paralegal@jonesinjury.example');
  expect((await request.get(`/api/home/request/${target.id}/`, { headers: other })).status()).toBe(404);
});
