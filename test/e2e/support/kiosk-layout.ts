import type { Page } from 'playwright-core';

/**
 * Controls the customer cannot fully see or press: outside the screen, cut off by a panel, or
 * covered by something else. A control may be cut only by a list marked `data-scroll-list` (the
 * catalogue's tiles and categories, which scroll by design and show their scrollbar); every other
 * panel must hold its controls whole. While a modal dialog is open only its controls count (the
 * screen behind it is covered on purpose). Each fault reads "name: what is wrong".
 */
export async function hiddenControls(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const root = document.querySelector('[aria-modal="true"]') ?? document.querySelector('.kiosk');
    if (!root) return ['no kiosk on the page'];
    const name = (element) =>
      (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().slice(0, 40);
    const within = (box, area) =>
      box.left >= area.left - 1 && box.right <= area.right + 1 && box.top >= area.top - 1 && box.bottom <= area.bottom + 1;
    const clientArea = (element) => {
      const box = element.getBoundingClientRect();
      const left = box.left + element.clientLeft;
      const top = box.top + element.clientTop;
      return { left, top, right: left + element.clientWidth, bottom: top + element.clientHeight };
    };
    const screen = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const faults = [];
    for (const control of root.querySelectorAll('button, input, textarea')) {
      if (control.getClientRects().length === 0) continue;
      const box = control.getBoundingClientRect();
      let inScrollList = false;
      let cutBy = null;
      for (let panel = control.parentElement; panel && panel !== document.body; panel = panel.parentElement) {
        const style = getComputedStyle(panel);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        if (within(box, clientArea(panel))) continue;
        if (panel.hasAttribute('data-scroll-list')) inScrollList = true;
        else cutBy = panel;
        break;
      }
      if (cutBy) {
        faults.push(name(control) + ': cut off by ' + (cutBy.className || cutBy.tagName));
        continue;
      }
      if (inScrollList) continue;
      if (!within(box, screen)) {
        faults.push(name(control) + ': outside the screen');
        continue;
      }
      const x = (box.left + box.right) / 2;
      const y = (box.top + box.bottom) / 2;
      const points = [[x, y], [box.left + 4, y], [box.right - 4, y], [x, box.top + 4], [x, box.bottom - 4]];
      const cover = points
        .map(([px, py]) => document.elementFromPoint(px, py))
        .find((seen) => seen === null || !(seen === control || control.contains(seen)));
      if (cover !== undefined) faults.push(name(control) + ': covered by ' + (cover?.className || cover?.tagName));
    }
    return faults;
  })()`);
}

/** Text fields whose text does not fit: the customer (or staff) cannot read what is written. */
export async function cutOffText(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.kiosk input:not([type=password]), .kiosk textarea')]
    .filter((field) => field.getClientRects().length > 0)
    .filter((field) => field.scrollWidth > field.clientWidth + 1 || field.scrollHeight > field.clientHeight + 1)
    .map((field) => (field.labels?.[0]?.textContent ?? field.name) + ': "' + field.value + '" does not fit')`);
}

/**
 * Basket lines not laid out as one row of controls: the quantity, the price and remove share a
 * row in that order, and the name is before them on the row or above them (a long name wraps).
 */
export async function untidyBasketLines(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('[data-testid="basket-line"]')]
    .filter((row) => row.getClientRects().length > 0)
    .flatMap((row) => {
      const box = (selector) => row.querySelector(selector).getBoundingClientRect();
      const name = box('.kiosk-line-name');
      const quantity = box('.kiosk-line-quantity');
      const price = box('.kiosk-line-price');
      const remove = box('.kiosk-line-remove');
      const middle = (part) => (part.top + part.bottom) / 2;
      const label = row.querySelector('.kiosk-line-name').textContent;
      const faults = [];
      if (Math.abs(middle(quantity) - middle(remove)) > 4 || Math.abs(middle(price) - middle(remove)) > 4)
        faults.push(label + ': quantity, price and remove are not on one row');
      if (!(quantity.right <= price.left && price.right <= remove.left))
        faults.push(label + ': not quantity, price, remove from left to right');
      if (!(name.right <= quantity.left + 1 || name.bottom <= quantity.top + 1))
        faults.push(label + ': the name is neither before nor above the controls');
      return faults;
    })`);
}
