/**
 * The design system's components, one small file each; their look is tokens.css and controls.css
 * (built into the one stylesheet, first). Import the file you need, so a chunk carries only what it uses.
 */
export { AreaNav } from './AreaNav';
export { Button } from './Button';
export { Checkbox } from './Checkbox';
export { ConfirmDialog } from './ConfirmDialog';
export { EmptyState } from './EmptyState';
export { List } from './List';
export { PageFrame } from './PageFrame';
export { Select } from './Select';
export { TextArea, TextField } from './TextField';
export { hostOf, Tile } from './Tile';
export { TOAST_MS, Toast } from './Toast';
export { Toggle } from './Toggle';
