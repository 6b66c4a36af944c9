import { render } from 'preact';

function Popup() {
  return <h1>Site Report</h1>;
}

const root = document.getElementById('app');
if (root) render(<Popup />, root);
