/** The console's entry point: renders the app into index.html's #app. */
import { render } from 'preact';
import { App } from './app';

render(<App />, document.getElementById('app')!);
