import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from './Button';
import { useOnline } from './connection';

/**
 * A link that looks like a primary button and opens a page that creates something on the server
 * (create tool, create assignment): offline it is a disabled button saying it needs a connection.
 */
export function OnlineLink({ href, children }: { href: string; children: ReactNode }) {
  const online = useOnline();
  if (!online) return <Button needsConnection>{children}</Button>;
  return (
    <Link href={href} className="btn btn--primary">
      {children}
    </Link>
  );
}
