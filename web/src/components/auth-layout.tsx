/** The frame of the signed-out screens: the console's name above one centred card. */
import type { ComponentChildren } from 'preact';
import { PageHeading } from './page';

export function AuthLayout({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <main id="main" class="auth" tabIndex={-1}>
      <p class="auth-brand">Connector Broker</p>
      <div class="card auth-card">
        <PageHeading title={title} />
        {children}
      </div>
    </main>
  );
}
