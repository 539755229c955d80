// `hidden` always hides: a button the page marks hidden stays out of sight even though `.btn` sets
// its `display` (site.css's `[hidden]` rule). Each case is one that showed anyway before that rule.
import type { Locator } from '@playwright/test';
import { contentField, expect, test } from './fixtures';
import { FOR_SALE } from './page-types.mjs';

/** A text of content/forms.yaml's `saved_search.manage`. */
const manage = (key: string) => contentField('forms.yaml', 'saved_search', 'manage', key);
/** A text of content/site.yaml's `mls.labels.saved`. */
const saved = (key: string) => contentField('site.yaml', 'mls', 'labels', 'saved', key);

/** The button is on the page, marked hidden, and not shown. */
async function markedAndHidden(button: Locator) {
  await expect(button).toHaveCount(1);
  await expect(button).toHaveAttribute('hidden');
  await expect(button).toBeHidden();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the saved searches page shows its words, not "Delete everything"', async ({ page }) => {
    await page.goto('/homes/alerts/');
    await expect(page.locator('[data-status]')).toHaveText(manage('no_script'));
    await markedAndHidden(page.getByRole('button', { name: manage('delete_all'), includeHidden: true }));
  });
});

test("the device's own saved homes do not offer to save them on the device", async ({ page }) => {
  await page.goto(FOR_SALE);
  await page.locator('main button[data-save-home]').click();
  await page.goto('/homes/saved/');
  await expect(page.locator('[data-list] article.home-card')).toHaveCount(1);
  // The island ran: the list's own buttons show.
  await expect(page.getByRole('button', { name: saved('share') })).toBeVisible();
  await markedAndHidden(page.getByRole('button', { name: saved('keep'), includeHidden: true }));
});
