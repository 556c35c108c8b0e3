/** The bar above every signed-in screen: the console's name (home), who is signed in, their account, sign out. */
import { useSession } from '../session';

export function TopBar() {
  const { user, signOut } = useSession();
  const skipToContent = (e: Event) => {
    // A plain `#main` link would replace the route (the hash), so move focus by hand.
    e.preventDefault();
    document.querySelector<HTMLElement>('main h1, main')?.focus();
  };
  return (
    <header class="topbar">
      <a class="skip-link" href="#/" onClick={skipToContent}>
        Skip to content
      </a>
      <a class="brand" href="#/">
        Connector Broker
      </a>
      <div class="topbar-user">
        <span class="topbar-email" data-testid="signed-in-email">
          {user.email}
        </span>
        <a class="button button-small" href="#/account" data-testid="account-link">
          Account
        </a>
        <button type="button" class="button button-small" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </header>
  );
}
