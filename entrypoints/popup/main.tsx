import { render } from 'preact';

render(<main><h1>Linklens popup</h1></main>, document.getElementById('app')!);
