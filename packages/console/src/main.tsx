/** The console's entry: the app into the page's #app. */
import { render } from 'preact';
import { App } from './app.js';

render(<App />, document.getElementById('app')!);
