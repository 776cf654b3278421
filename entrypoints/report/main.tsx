import { render } from 'preact';

render(<main><h1>Linklens report</h1></main>, document.getElementById('app')!);
