/**
 * Header menus: the hamburger panel and the SINGLES drill-down. Every page load starts with
 * all menus closed; a page restored from the back/forward cache is reset the same way.
 */
const OPEN = 'aria-expanded';

function setOpen(button: HTMLElement, open: boolean): void {
  button.setAttribute(OPEN, String(open));
  const level = button.nextElementSibling;
  if (level instanceof HTMLElement) level.hidden = !open;
  if (!open && level) {
    for (const inner of level.querySelectorAll<HTMLElement>('[data-menu-item][aria-expanded="true"]'))
      setOpen(inner, false);
  }
}

function closeAll(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLElement>(`[data-menu-item][${OPEN}="true"]`))
    setOpen(button, false);
  for (const toggle of root.querySelectorAll<HTMLElement>('[data-menu-toggle]')) {
    toggle.setAttribute(OPEN, 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (panel) panel.dataset.open = 'false';
  }
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const toggle = target?.closest<HTMLElement>('[data-menu-toggle]');
  if (toggle) {
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    const open = toggle.getAttribute(OPEN) !== 'true';
    toggle.setAttribute(OPEN, String(open));
    if (panel) panel.dataset.open = String(open);
    if (!open && panel) closeAll(panel);
    return;
  }
  const item = target?.closest<HTMLElement>('[data-menu-item]');
  if (item) {
    const open = item.getAttribute(OPEN) !== 'true';
    // Opening one entry closes its open siblings; clicking the active entry again collapses it.
    const siblings =
      item.closest('ul')?.querySelectorAll<HTMLElement>(':scope > li > [data-menu-item]') ?? [];
    for (const sibling of siblings) if (sibling !== item) setOpen(sibling, false);
    setOpen(item, open);
    return;
  }
  const back = target?.closest<HTMLElement>('[data-menu-back]');
  if (back) {
    const parentItem = back.parentElement?.previousElementSibling;
    if (parentItem instanceof HTMLElement) {
      setOpen(parentItem, false);
      parentItem.focus();
    }
    return;
  }
  // A click outside the header closes the desktop SINGLES dropdown.
  if (!target?.closest('[data-site-header]')) closeAll(document);
});

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') closeAll(document);
});

window.addEventListener('pageshow', (event) => {
  if (event.persisted) closeAll(document);
});
