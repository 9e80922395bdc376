import { apiLogin, orderRequest } from './api';
import { expect, expectNoSeriousA11yViolations, shot, test } from './fixtures';

/**
 * Fee caps: a Texas hospital charges $180 for 250 paper pages. The Smith firm approves charges above $75
 * itself. Staff record the charge, its pages and medium on the request, see it is $5.00 over the $175.00
 * the statute allows, and keep the ready dispute letter as a note; the request waits for the firm, whose
 * attorney approves the fee on the request screen.
 */
test('staff record an overcharge at a Texas hospital, keep the dispute letter, and the firm approves the fee', async ({
  page,
  loginAs,
  request,
}) => {
  await loginAs('attorney@smithlaw.example');
  const firm = await (
    await request.get('/users/user/', { headers: await apiLogin(request, 'attorney@smithlaw.example') })
  ).json();
  await page.goto(`/editCompany/${firm.company_id}/`);
  await page.getByLabel('Fee Approval Limit').fill('75');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();

  const order = await orderRequest(request);
  const staff = await apiLogin(request, 'staff@directdocs.example');
  const created = await request.post('/api/home/provider/', {
    headers: staff,
    data: { name: `Gulf Coast Hospital ${Date.now()}`, state: 'TX', city: 'Houston', kind: 'hospital' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const hospital = await created.json();
  const moved = await request.post(`/api/home/request/${order.id}/`, {
    headers: staff,
    data: { provider: hospital.id },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await loginAs('staff@directdocs.example');
  await page.goto(`/editProvider/${hospital.id}/`);
  await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('Hospital');
  await expectNoSeriousA11yViolations(page, 'edit provider with its kind');

  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: 'Go To Request Details Center' }).click();
  const tracking = page.getByRole('form', { name: 'Requisition and provider fee' });
  await tracking.getByLabel('Provider Cost').fill('180');
  await tracking.getByLabel('Pages Charged').fill('250');
  await tracking.getByRole('combobox', { name: 'Medium' }).click();
  await page.getByRole('option', { name: 'Paper' }).click();
  await tracking.getByRole('button', { name: 'Save' }).click();

  const verdict = page.getByRole('alert').filter({ hasText: 'Over the legal cap' });
  await expect(verdict).toContainText('Tex. Health & Safety Code 241.154 allows at most $175.00');
  await expect(verdict).toContainText('Overcharge: $5.00');
  await verdict.scrollIntoViewIfNeeded();
  await shot(page, 'staff-fee-over-cap');
  await expectNoSeriousA11yViolations(page, 'staff request, fee over the cap');

  await verdict.getByRole('button', { name: 'Dispute letter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fee dispute letter' });
  const letter = dialog.getByRole('textbox', { name: 'Letter to the provider' });
  await expect(letter).toHaveValue(/exceeds that limit by \$5\.00/);
  await expect(letter).toHaveValue(/invoice of \$180\.00 for 250 pages \(paper\)/);
  await expectNoSeriousA11yViolations(page, 'fee dispute letter');
  await dialog.getByRole('button', { name: 'Add as note' }).click();
  await expect(page.getByText('Dispute letter added to the notes.')).toBeVisible();
  await expect(
    page.getByText(/Under Tex\. Health & Safety Code 241\.154, the most that may be charged/).first(),
  ).toBeVisible();
  await expect(page.getByText('Waiting for Fee Approval').first()).toBeVisible();

  await loginAs('attorney@smithlaw.example');
  await page.goto(`/request/${order.id}/`);
  const fees = page.locator('section', { has: page.getByRole('heading', { name: 'Provider Fees' }) });
  await expect(fees).toContainText('Copy charge: $180.00');
  await expect(fees).toContainText('allows at most $175.00. Overcharge: $5.00.');
  await shot(page, 'firm-fee-approval');
  await expectNoSeriousA11yViolations(page, 'firm request, fee waiting for approval');
  await fees.getByRole('button', { name: 'Approve $180.00' }).click();
  await expect(
    page.getByText('Fee approved. Direct Docs will pay the provider and go on with the request.'),
  ).toBeVisible();
  await expect(fees).toContainText(/Approved by .+ on/);
  const after = await request.get(`/api/home/request/${order.id}/`, { headers: staff });
  expect((await after.json()).status).not.toBe('Waiting for Fee Approval');

  // The limit is the Smith firm's alone to keep: later journeys work without it.
  await page.goto(`/editCompany/${firm.company_id}/`);
  await page.getByLabel('Fee Approval Limit').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
});

/**
 * A provider will not release the records until it is paid $95; the Smith firm approves fees above $75
 * itself. Staff record the demand on the request, the firm sees 'Prepayment demanded' and approves it, and
 * staff see it approved.
 */
test('staff record a provider’s prepayment demand and the firm approves it', async ({
  page,
  loginAs,
  request,
}) => {
  await loginAs('attorney@smithlaw.example');
  const firm = await (
    await request.get('/users/user/', { headers: await apiLogin(request, 'attorney@smithlaw.example') })
  ).json();
  await page.goto(`/editCompany/${firm.company_id}/`);
  await page.getByLabel('Fee Approval Limit').fill('75');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  const order = await orderRequest(request);

  await loginAs('staff@directdocs.example');
  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: 'Go To Request Details Center' }).click();
  await page.getByRole('button', { name: 'Record Prepayment Demand' }).click();
  const dialog = page.getByRole('dialog', { name: 'Provider demands prepayment' });
  await dialog.getByLabel('Amount Demanded').fill('95');
  await dialog.getByLabel("Provider's Reference").fill('INV-2231');
  await expectNoSeriousA11yViolations(page, 'prepayment demand form');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('the provider demands $95.00 before it releases the records');
  await shot(page, 'staff-prepayment-confirm');
  await expectNoSeriousA11yViolations(page, 'prepayment demand confirmation');
  await dialog.getByRole('button', { name: 'Record $95.00 Demand' }).click();
  await expect(
    page.getByText('Prepayment demand recorded. The law firm is asked to approve it.'),
  ).toBeVisible();
  const staffFees = page.locator('section', { has: page.getByRole('heading', { name: 'Provider Fees' }) });
  await expect(staffFees).toContainText('Prepayment demanded: $95.00');
  await expect(staffFees).toContainText('the law firm has not answered yet');
  await expect(page.getByText('Waiting for Fee Approval').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff request, prepayment waiting for the firm');

  await loginAs('attorney@smithlaw.example');
  await page.goto(`/request/${order.id}/`);
  const fees = page.locator('section', { has: page.getByRole('heading', { name: 'Provider Fees' }) });
  await expect(fees).toContainText('Prepayment demanded: $95.00');
  await expect(fees).toContainText('will not release the records until it is paid');
  await shot(page, 'firm-prepayment-approval');
  await expectNoSeriousA11yViolations(page, 'firm request, prepayment waiting for approval');
  await fees.getByRole('button', { name: 'Approve $95.00' }).click();
  await expect(
    page.getByText('Fee approved. Direct Docs will pay the provider and go on with the request.'),
  ).toBeVisible();
  await expect(fees).toContainText(/Approved by .+ on/);

  await loginAs('staff@directdocs.example');
  await page.goto(`/request/${order.id}/`);
  await page.getByRole('button', { name: 'Go To Request Details Center' }).click();
  await expect(staffFees).toContainText('Prepayment demanded: $95.00');
  await expect(staffFees).toContainText(/Approved by .+ on/);
  await expectNoSeriousA11yViolations(page, 'staff request, prepayment approved');

  // The limit is the Smith firm's alone to keep: later journeys work without it.
  await loginAs('attorney@smithlaw.example');
  await page.goto(`/editCompany/${firm.company_id}/`);
  await page.getByLabel('Fee Approval Limit').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
});
