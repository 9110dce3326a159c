import { App } from './App';
import { boot } from './boot';

// The whole app: the server sends every page but the save popup this bundle (save-main.tsx is that one's).
boot(() => <App location={window.location} />);
