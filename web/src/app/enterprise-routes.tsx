import type { RouteObject } from 'react-router-dom';

/** The enterprise account area (/enterprise/account/*) and invite redemption (/invites), all lazy. */
export const enterpriseRoutes: RouteObject[] = [];
