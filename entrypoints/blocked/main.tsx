import { render } from 'preact';

render(<main><h1>Linklens blocked</h1></main>, document.getElementById('app')!);
