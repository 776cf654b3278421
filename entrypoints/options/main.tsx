import { render } from 'preact';

render(<main><h1>Linklens options</h1></main>, document.getElementById('app')!);
