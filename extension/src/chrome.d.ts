/**
 * The few extension APIs we use, typed by hand (no @types/chrome dependency). Chromium and Firefox both
 * answer on `chrome.*` with promises in Manifest V3.
 */
declare namespace chrome {
  interface Tab {
    id?: number;
    url?: string;
    title?: string;
    windowId?: number;
  }
  interface Event<T extends (...args: never[]) => unknown> {
    addListener(listener: T): void;
  }
  namespace i18n {
    function getMessage(name: string, substitutions?: string | string[]): string;
    function getUILanguage(): string;
  }
  namespace action {
    const onClicked: Event<(tab: Tab) => void>;
    function setBadgeText(details: { text: string; tabId?: number }): Promise<void>;
  }
  namespace contextMenus {
    interface OnClickData {
      menuItemId: string | number;
      srcUrl?: string;
      pageUrl?: string;
      frameUrl?: string;
      selectionText?: string;
      mediaType?: string;
    }
    function create(properties: { id: string; title: string; contexts: string[]; visible?: boolean; documentUrlPatterns?: string[] }): void;
    function update(id: string, properties: { visible?: boolean }): Promise<void>;
    function removeAll(): Promise<void>;
    const onClicked: Event<(info: OnClickData, tab?: Tab) => void>;
  }
  namespace scripting {
    interface Injection<A extends unknown[]> {
      target: { tabId: number; frameIds?: number[] };
      files?: string[];
      func?: (...args: A) => unknown;
      args?: A;
    }
    function executeScript<A extends unknown[]>(injection: Injection<A>): Promise<Array<{ result?: unknown }>>;
    interface RegisteredContentScript {
      id: string;
      matches?: string[];
      js?: string[];
      runAt?: 'document_start' | 'document_end' | 'document_idle';
      persistAcrossSessions?: boolean;
    }
    function registerContentScripts(scripts: RegisteredContentScript[]): Promise<void>;
    function unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
    function getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<RegisteredContentScript[]>;
  }
  namespace storage {
    interface Area {
      get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    }
    const local: Area;
    const onChanged: Event<(changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => void>;
  }
  namespace permissions {
    interface Permissions {
      origins?: string[];
      permissions?: string[];
    }
    function contains(permissions: Permissions): Promise<boolean>;
    function request(permissions: Permissions): Promise<boolean>;
    function remove(permissions: Permissions): Promise<boolean>;
    const onAdded: Event<(permissions: Permissions) => void>;
    const onRemoved: Event<(permissions: Permissions) => void>;
  }
  namespace runtime {
    const onInstalled: Event<() => void>;
    const onStartup: Event<() => void>;
    function getURL(path: string): string;
    function openOptionsPage(): Promise<void>;
  }
  namespace windows {
    function create(options: { url: string; type?: 'normal' | 'popup'; width?: number; height?: number; focused?: boolean }): Promise<{ id?: number }>;
  }
}
