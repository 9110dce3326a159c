import type { ComponentType } from 'react';
import { lazyWithWords as page } from '../i18n/lazy';
import type { ViewerData } from '../types';
import type { AdminWord } from './messages';

/** What a console section's page is given: the operator looking at it, and the address (for its own sub-paths and queries). */
export interface SectionProps {
  viewer: ViewerData;
  location: Location;
}

export interface AdminSection {
  /** Where it lives: under /admin/, ending in '/'; its sub-paths are its own. */
  path: string;
  /** Its name in the section navigation (messages.ts). */
  label: AdminWord;
  page: ComponentType<SectionProps>;
}

/**
 * The console's sections, in the order the navigation shows them: the one list the navigation, the router
 * (AdminApp) and the overview read, so a new section is one entry here (and its page). Each page is a chunk
 * of its own.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    path: '/admin/people/',
    label: 'people',
    page: page(
      () => import('./people/PeoplePage'),
      (m) => m.PeoplePage,
    ),
  },
  {
    path: '/admin/reports/',
    label: 'reports',
    page: page(
      () => import('./reports/ReportsPage'),
      (m) => m.ReportsPage,
    ),
  },
  {
    path: '/admin/links/',
    label: 'links',
    page: page(
      () => import('./tools/LinksPage'),
      (m) => m.LinksPage,
    ),
  },
  {
    path: '/admin/businesses/',
    label: 'businesses_',
    page: page(
      () => import('./tools/BusinessesPage'),
      (m) => m.BusinessesPage,
    ),
  },
  {
    path: '/admin/invitations/',
    label: 'invitations',
    page: page(
      () => import('./tools/InvitationsPage'),
      (m) => m.InvitationsPage,
    ),
  },
  {
    path: '/admin/audit/',
    label: 'audit',
    page: page(
      () => import('./audit/AuditPage'),
      (m) => m.AuditPage,
    ),
  },
];

/** The section a path belongs to (its own path or one below it). */
export const sectionOf = (path: string) => ADMIN_SECTIONS.find((section) => path === section.path || path.startsWith(section.path));
