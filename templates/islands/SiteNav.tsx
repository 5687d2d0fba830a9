// Header navigation: hamburger menu up to 992px and the 'Chi Siamo' disclosure (WAI-ARIA APG disclosure navigation).
import { useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useBrowserLayoutEffect } from './hooks.ts';
import { byId, kept } from './kept.ts';

interface NavLink {
  label: string;
  href: string;
}

interface SiteNavProps {
  /** Home, Percorsi, Contatti: the 'Chi Siamo' dropdown goes after the first. */
  links: NavLink[];
  team: { name: string; href: string }[];
  currentPath: string | null;
}

/** Spec §9 mobile breakpoint; the stylesheet uses the same query. */
const NARROW = '(max-width: 992px)';

/**
 * Both open states start closed, as in the server HTML. They are exposed to CSS as `data-open`
 * on `.site-nav` (menu) and `.nav-dropdown` (team list). The hamburger icon and the team's links are
 * static markup the script reads back from the page (`kept`).
 */
export default function SiteNav({ links, team, currentPath }: SiteNavProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [teamOpen, setTeamOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const teamButton = useRef<HTMLButtonElement>(null);
  const dropdown = useRef<HTMLLIElement>(null);
  // True while a mouse rests on the dropdown on wide screens: a click then keeps it open instead of toggling.
  const hovered = useRef(false);

  const closeAll = () => {
    setMenuOpen(false);
    setTeamOpen(false);
  };

  useEffect(() => {
    const narrow = matchMedia(NARROW);
    const onChange = () => {
      if (!narrow.matches) closeAll();
    };
    narrow.addEventListener('change', onChange);
    return () => narrow.removeEventListener('change', onChange);
  }, []);

  // Layout effects, so the lock and the listeners are in place before the next frame, not after it.
  useBrowserLayoutEffect(() => {
    if (!menuOpen) return;
    const root = document.documentElement;
    root.dataset.scrollLock = '';
    return () => {
      delete root.dataset.scrollLock;
    };
  }, [menuOpen]);

  useBrowserLayoutEffect(() => {
    if (!menuOpen && !teamOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // The innermost open layer closes first, and focus goes back to the button that opened it.
      if (teamOpen) {
        setTeamOpen(false);
        if (menuOpen || dropdown.current?.contains(document.activeElement)) teamButton.current?.focus();
      } else {
        setMenuOpen(false);
        toggle.current?.focus();
      }
    };
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!(event.target instanceof Node && dropdown.current?.contains(event.target))) setTeamOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen, teamOpen]);

  const hover = (entering: boolean) => (event: PointerEvent<HTMLLIElement>) => {
    if (event.pointerType !== 'mouse' || matchMedia(NARROW).matches) return;
    hovered.current = entering;
    setTeamOpen(entering);
  };

  const closeOnNavigation = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) closeAll();
  };

  const item = ({ label, href }: NavLink) => (
    <li key={href}>
      <a href={href} aria-current={href === currentPath ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );

  return (
    <nav className="site-nav" aria-label="Principale" data-open={String(menuOpen)}>
      <button
        ref={toggle}
        type="button"
        className="nav-toggle"
        aria-label="Menu"
        aria-expanded={menuOpen}
        aria-controls="site-nav-menu"
        onClick={() => setMenuOpen(!menuOpen)}
        {...kept(
          !globalThis.BROCHURE_CLIENT && (
            <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true">
              <rect x="3" y="5" width="18" height="2" />
              <rect x="3" y="11" width="18" height="2" />
              <rect x="3" y="17" width="18" height="2" />
            </svg>
          ),
          () => document.querySelector('.nav-toggle')!,
        )}
      />
      <ul id="site-nav-menu" className="nav-list" onClick={closeOnNavigation}>
        {links.slice(0, 1).map(item)}
        <li
          ref={dropdown}
          className="nav-dropdown"
          data-open={String(teamOpen)}
          onPointerEnter={hover(true)}
          onPointerLeave={hover(false)}
        >
          <button
            ref={teamButton}
            type="button"
            className="nav-dropdown__button"
            aria-expanded={teamOpen}
            aria-controls="site-nav-team"
            onClick={() => setTeamOpen(hovered.current || !teamOpen)}
          >
            Chi Siamo
          </button>
          <ul
            id="site-nav-team"
            className="nav-dropdown__list"
            {...kept(!globalThis.BROCHURE_CLIENT && team.map(({ name, href }) => item({ label: name, href })), () =>
              byId('site-nav-team'),
            )}
          />
        </li>
        {links.slice(1).map(item)}
      </ul>
    </nav>
  );
}
