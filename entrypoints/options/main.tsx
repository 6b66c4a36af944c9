import { render } from 'preact';

function Options() {
  return <h1>Site Report options</h1>;
}

const root = document.getElementById('app');
if (root) render(<Options />, root);
