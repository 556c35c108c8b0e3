/** An address the console does not know (a mistyped or outdated link). */
import { PageHeading } from '../components/page';

export function NotFound() {
  return (
    <main id="main" class="main main-narrow" tabIndex={-1}>
      <PageHeading title="Page not found" />
      <p>
        This address does not lead anywhere in the console. <a href="#/">Go to your organization</a>.
      </p>
    </main>
  );
}
