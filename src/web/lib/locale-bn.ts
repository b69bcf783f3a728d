// The Bengali side of the web app's frame, one lazy chunk that only /bn/… pages load
// (docs/decisions/023): the frame's words and the font's stylesheet. The other pages' Bengali
// words come with those pages (locale-bn-pages.ts).
import './bengali-font.css';
export { bnShellMessages as dictionary } from '../../shared/messages/shell.bn.ts';
