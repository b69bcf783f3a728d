// The Bengali side of the web app, one lazy chunk that only /bn/… pages load
// (docs/decisions/023): the dictionary and the font's stylesheet.
import './bengali-font.css';
export { bnMessages as dictionary } from '../../shared/messages.bn.ts';
