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

const MENU_URL = '/partials/singles-menu';

/** Loads the pre-rendered SINGLES fragment into its slot once; a failure offers the /singles page. */
async function loadSinglesMenu(slot: HTMLElement): Promise<void> {
  if (slot.dataset.state !== 'empty') return;
  slot.dataset.state = 'loading';
  slot.textContent = 'Φόρτωση...';
  try {
    const response = await fetch(MENU_URL, { headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    // Same-origin HTML that this site's own build rendered from its own data.
    slot.innerHTML = await response.text();
    slot.dataset.state = 'loaded';
  } catch {
    slot.dataset.state = 'empty';
    slot.innerHTML = '<a class="menu-item" href="/singles">ALL</a>';
  }
}

function prefetchSinglesMenu(): void {
  const slot = document.querySelector<HTMLElement>('[data-singles-slot]');
  if (slot) void loadSinglesMenu(slot);
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const toggle = target?.closest<HTMLElement>('[data-menu-toggle]');
  if (toggle) {
    // The hamburger and SINGLES buttons open their panels (without script SINGLES is a link).
    event.preventDefault();
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    const open = toggle.getAttribute(OPEN) !== 'true';
    toggle.setAttribute(OPEN, String(open));
    if (panel) panel.dataset.open = String(open);
    if (!open && panel) closeAll(panel);
    const slot = panel?.querySelector<HTMLElement>('[data-singles-slot]');
    if (open && slot) void loadSinglesMenu(slot);
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

// Fetch the fragment when the pointer heads for the menu, so it is usually there on click.
document.addEventListener('pointerover', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-menu-toggle]')) prefetchSinglesMenu();
});

window.addEventListener('pageshow', (event) => {
  if (event.persisted) closeAll(document);
});
