"use strict";
(() => {
  // sdk/src/markup.ts
  var DESCRIPTION_MAX = 500;
  var attr = (el, name) => el?.getAttribute("data-pin-" + name) ?? null;
  var DEFAULTS = { hover: false, save: true, tall: false, round: false, custom: false, color: "red", lang: "", error: "", build: "", util: "PinUtils" };
  function readLook(el, defaults) {
    const out = { ...defaults };
    for (const key in defaults) {
      const value = attr(el, key);
      if (value !== null) out[key] = typeof defaults[key] === "boolean" ? value !== "false" : value || defaults[key];
    }
    return out;
  }
  var readSettings = (script2, doc) => readLook(script2, { ...DEFAULTS, lang: doc.documentElement.lang });
  var KINDS = { buttonPin: "pin", buttonBookmark: "bookmark", buttonFollow: "follow" };
  function kindOf(link) {
    const todo = attr(link, "do");
    if (todo !== null) return Object.hasOwn(KINDS, todo) ? KINDS[todo] ?? null : null;
    return /\/pin\/create\/button\//.test(link.getAttribute("href") ?? "") ? "pin" : null;
  }
  var SECRET_KEY = /pass|pwd|secret|token|auth|session|sid$|api.?key|otp/i;
  function withoutSecrets(href) {
    try {
      const url = new URL(href);
      for (const key of [...url.searchParams.keys()]) if (SECRET_KEY.test(key)) url.searchParams.delete(key);
      return url.href;
    } catch {
      return href;
    }
  }
  function pageUrl(doc) {
    const meta = (selector, name) => doc.querySelector(selector)?.getAttribute(name);
    const given = meta('meta[name="pin:url"],meta[property="pin:url"]', "content") || meta('link[rel="canonical"]', "href") || meta('meta[property="og:url"],meta[name="og:url"]', "content");
    let url = doc.URL;
    try {
      if (given) url = new URL(given, doc.baseURI).href;
    } catch {
    }
    return withoutSecrets(url);
  }
  function pickDescription(...choices) {
    for (const choice of choices) {
      const text = choice?.trim();
      if (text) return text.slice(0, DESCRIPTION_MAX);
    }
    return "";
  }
  var selectedText = () => String(getSelection?.() ?? "");
  function readPinLink(link, doc, selection = "") {
    let query = new URLSearchParams();
    try {
      query = new URL(link.getAttribute("href") ?? "", doc.baseURI).searchParams;
    } catch {
    }
    const pick = (name) => attr(link, name) || query.get(name) || "";
    return {
      url: pick("url") || pageUrl(doc),
      media: pick("media"),
      description: pickDescription(selection, pick("description"), doc.title),
      id: pick("id")
    };
  }
  function readImage(img, doc, selection = "") {
    return {
      url: attr(img, "url") || pageUrl(doc),
      media: attr(img, "media") || img.currentSrc || img.src,
      description: pickDescription(selection, attr(img, "description"), img.title, doc.title),
      id: attr(img, "id") || ""
    };
  }
  var noPin = (img) => img.hasAttribute("nopin") || img.hasAttribute("data-nopin") || img.hasAttribute("data-pin-nopin");
  var noHover = (img) => noPin(img) || img.hasAttribute("nohover") || img.hasAttribute("data-pin-no-hover");
  var pageSays = (doc, word) => (doc.querySelector('meta[name="pinterest"]')?.getAttribute("content") ?? "").includes(word);
  function popupUrl(productOrigin, method, request, guid, hostOrigin) {
    const { id, ...rest } = request;
    if (id && /^\d{1,20}$/.test(id)) rest.url = `${productOrigin}/pin/${id}/`;
    const query = new URLSearchParams({ ...rest, guid, origin: hostOrigin });
    return `${productOrigin}/pin/create/${method}/?${query}`;
  }
  function followUrl(productOrigin, href) {
    try {
      const path = new URL(href, productOrigin).pathname;
      return /^\/[\w.-]+\/(?:[\w.-]+\/)?$/.test(path) ? `${productOrigin}${path}?follow=1` : null;
    } catch {
      return null;
    }
  }

  // sdk/src/button.ts
  var CSS = `:host{all:initial!important;display:inline-block!important;vertical-align:middle!important}
:host([data-float]){position:fixed!important;top:0!important;left:0!important;z-index:2147483647!important}.float{position:fixed}
button{all:initial;box-sizing:border-box;display:block;text-align:center;cursor:pointer;white-space:nowrap;
font:700 11px/20px system-ui,sans-serif;color:#fff;background:#e60023;border-radius:3px;height:20px;padding:0 6px}
.tall{height:28px;font-size:14px;line-height:28px;padding:0 10px;border-radius:4px}
.round{border-radius:50%;width:20px;padding:0}.round.tall{width:32px;height:32px}
.white{background:#fff;color:#e60023;box-shadow:inset 0 0 0 1px #cdcdcd}.gray{background:#efefef;color:#333}
button:hover{filter:brightness(.9)}button:focus-visible{outline:3px solid #0074e8;outline-offset:2px}
svg{display:block;width:60%;height:60%;margin:20% auto;fill:currentColor}
.overlay{position:fixed;inset:0;background:#000c;overflow:auto;padding:48px 16px;box-sizing:border-box;display:flex;flex-wrap:wrap;gap:12px;justify-content:center;align-content:flex-start}
.overlay button{display:flex;align-items:center;justify-content:center;background:#fff;width:160px;height:160px;padding:0;border-radius:8px;overflow:hidden}img{max-width:100%;max-height:100%}
.overlay .close{position:fixed;top:12px;right:12px;width:auto;height:32px;padding:0 12px;color:#111}`;
  var sheet;
  function shadowHost() {
    const host = document.createElement("span");
    host.setAttribute("data-corkboard", "");
    const shadow = host.attachShadow({ mode: "open" });
    try {
      if (!sheet) (sheet = new CSSStyleSheet()).replaceSync(CSS);
      shadow.adoptedStyleSheets = [sheet];
    } catch {
      const style = document.createElement("style");
      style.textContent = CSS;
      shadow.append(style);
    }
    return [host, shadow];
  }
  var SVG = "http://www.w3.org/2000/svg";
  function pinIcon() {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", "M12 2a6 6 0 0 0-2 11.7V22l2-2 2 2v-8.3A6 6 0 0 0 12 2z");
    svg.append(path);
    return svg;
  }
  function renderButton(text, look, onClick) {
    const [host, shadow] = shadowHost();
    const button = document.createElement("button");
    button.type = "button";
    button.className = `${look.tall ? "tall " : ""}${look.round ? "round " : ""}${look.color ?? ""}`;
    if (look.round) {
      button.setAttribute("aria-label", text);
      button.append(pinIcon());
    } else button.textContent = text;
    button.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      onClick();
    });
    shadow.append(button);
    return [host, button];
  }

  // bookmarklet/src/images.ts
  var MIN_SIDE = 119;
  var MAX_ASPECT = 3;
  function isPinnableUrl(url) {
    return /^https?:\/\//i.test(url) && !/\.svgz?(?:[?#]|$)/i.test(url);
  }
  function isPinnable(c) {
    return isPinnableUrl(c.url) && c.width > MIN_SIDE && c.height > MIN_SIDE && c.width / c.height <= MAX_ASPECT;
  }
  function rank(candidates) {
    return candidates.filter(isPinnable).sort((a, b) => Number(!!b.marked) - Number(!!a.marked) || b.width * b.height - a.width * a.height);
  }

  // sdk/src/hover.ts
  var HOVER_DELAY_MS = 32;
  var SCROLL_QUIET_MS = 100;
  var OFFSET = 10;
  function hoverable(img, doc) {
    if (noHover(img) || pageSays(doc, "nopin") || pageSays(doc, "nohover")) return false;
    const media = img.getAttribute("data-pin-media") || img.currentSrc || img.src;
    const { width, height } = img.getBoundingClientRect();
    return width > MIN_SIDE && height > MIN_SIDE && isPinnableUrl(media);
  }
  function startHover(doc, text, look, onSave, safe2) {
    let current = null;
    let anchor = null;
    let timer;
    const [host, button] = renderButton(text, look, () => current && onSave(current));
    host.setAttribute("data-float", "");
    button.classList.add("float");
    const later = (delay, work) => {
      clearTimeout(timer);
      timer = setTimeout(safe2(work), delay);
    };
    const hide = () => {
      clearTimeout(timer);
      current = anchor = null;
      host.remove();
    };
    const show = (img) => {
      const rect = img.getBoundingClientRect();
      button.style.top = `${rect.top + OFFSET}px`;
      button.style.left = `${rect.left + OFFSET}px`;
      if (!host.isConnected) doc.documentElement.append(host);
    };
    const onOver = safe2((event) => {
      const target = event.target;
      if (target === host || target === current) return;
      if (target instanceof HTMLImageElement && hoverable(target, doc)) {
        hide();
        current = target;
        later(HOVER_DELAY_MS, () => show(target));
      } else if (!anchor) hide();
    });
    const onFocus = safe2((event) => {
      const target = event.target;
      if (target === host) return;
      const img = target instanceof HTMLImageElement ? target : target.querySelector?.("img");
      if (img && hoverable(img, doc)) {
        hide();
        current = img;
        anchor = target;
        target.after(host);
        show(img);
      } else hide();
    });
    const onScroll = () => {
      if (!anchor) host.remove();
      later(SCROLL_QUIET_MS, () => current && (anchor || current.matches(":hover")) ? show(current) : hide());
    };
    const options = { capture: true, passive: true };
    doc.addEventListener("mouseover", onOver, options);
    doc.addEventListener("scroll", onScroll, options);
    doc.addEventListener("focusin", onFocus, options);
    return () => {
      doc.removeEventListener("focusin", onFocus, options);
      hide();
      doc.removeEventListener("mouseover", onOver, options);
      doc.removeEventListener("scroll", onScroll, options);
    };
  }

  // sdk/src/labels.ts
  var LABELS = {
    en: "Save|Follow|Close",
    de: "Merken|Folgen|Schlie\xDFen",
    fr: "Enregistrer|Suivre|Fermer",
    es: "Guardar|Seguir|Cerrar",
    it: "Salva|Segui|Chiudi",
    pt: "Salvar|Seguir|Fechar",
    nl: "Bewaren|Volgen|Sluiten",
    sv: "Spara|F\xF6lj|St\xE4ng",
    pl: "Zapisz|Obserwuj|Zamknij",
    ru: "\u0421\u043E\u0445\u0440\u0430\u043D\u0438\u0442\u044C|\u041F\u043E\u0434\u043F\u0438\u0441\u0430\u0442\u044C\u0441\u044F|\u0417\u0430\u043A\u0440\u044B\u0442\u044C",
    tr: "Kaydet|Takip et|Kapat",
    ja: "\u4FDD\u5B58|\u30D5\u30A9\u30ED\u30FC|\u9589\u3058\u308B",
    ko: "\uC800\uC7A5|\uD314\uB85C\uC6B0|\uB2EB\uAE30",
    zh: "\u4FDD\u5B58|\u5173\u6CE8|\u5173\u95ED"
  };
  var SAVE = 0;
  var FOLLOW = 1;
  var CLOSE = 2;
  function label(lang, key) {
    const code = lang.toLowerCase().split(/[-_]/)[0] ?? "";
    return (LABELS[code] ?? LABELS.en).split("|")[key];
  }

  // sdk/src/picker.ts
  function findImages(doc) {
    const found = [];
    for (const img of Array.from(doc.images)) {
      if (noPin(img)) continue;
      const marked = img.getAttribute("data-pin-media");
      found.push({ img, url: marked || img.currentSrc || img.src, width: img.naturalWidth, height: img.naturalHeight, marked: !!marked });
    }
    return rank(found);
  }
  function showPicker(doc, found, texts, onPick) {
    const [host, shadow] = shadowHost();
    let before = doc.activeElement;
    while (before?.shadowRoot?.activeElement) before = before.shadowRoot.activeElement;
    const overlay = document.createElement("div");
    overlay.className = "overlay";
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", texts.save);
    const close = () => {
      host.remove();
      doc.removeEventListener("keydown", onKey, true);
      before?.focus?.();
    };
    const onKey = (event) => {
      if (event.key === "Escape") close();
    };
    for (const candidate of found) {
      const button = document.createElement("button");
      button.type = "button";
      button.setAttribute("aria-label", `${texts.save}: ${candidate.img.alt || candidate.url.split(/[?#]/)[0].split("/").pop()}`);
      const thumb = document.createElement("img");
      thumb.src = candidate.url;
      thumb.alt = "";
      button.append(thumb);
      button.addEventListener("click", () => {
        close();
        onPick(candidate);
      });
      overlay.append(button);
    }
    const closeButton = document.createElement("button");
    closeButton.className = "close";
    closeButton.textContent = texts.close;
    closeButton.addEventListener("click", close);
    overlay.addEventListener("click", (event) => event.target === overlay && close());
    overlay.append(closeButton);
    shadow.append(overlay);
    doc.documentElement.append(host);
    doc.addEventListener("keydown", onKey, true);
    overlay.firstElementChild?.focus();
    return close;
  }

  // sdk/src/messages.ts
  var isObject = (value) => typeof value === "object" && value !== null;
  var isString = (value) => typeof value === "string";
  function isSaveMessage(data) {
    if (!isObject(data) || data.corkboard !== 1 || data.type !== "save" || !isObject(data.payload)) return false;
    const p = data.payload;
    if (!isString(p.guid) || p.status !== "success" && p.status !== "error") return false;
    if (p.pin !== void 0 && !(isObject(p.pin) && isString(p.pin.id) && isString(p.pin.url))) return false;
    if (p.board !== void 0 && !(isObject(p.board) && isString(p.board.id) && (p.board.name === void 0 || isString(p.board.name)))) return false;
    if (p.error !== void 0 && !(isObject(p.error) && typeof p.error.code === "number" && isString(p.error.message))) return false;
    return true;
  }

  // sdk/src/popup.ts
  var POPUP_FEATURES = "popup,width=750,height=800";
  var CLOSED_POLL_MS = 500;
  function newGuid() {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  function openPopup(url, guid) {
    return window.open(url, `corkboard_${guid}`, POPUP_FEATURES) ?? window.open(url, "_blank");
  }
  function waitForResult(win, productOrigin, guid) {
    return new Promise((resolve) => {
      if (!win) return resolve({ guid, status: "unknown" });
      const finish = (outcome) => {
        window.removeEventListener("message", onMessage);
        clearInterval(timer);
        resolve(outcome);
      };
      const onMessage = (event) => {
        if (event.origin !== productOrigin || event.source !== win || !isSaveMessage(event.data)) return;
        if (event.data.payload.guid === guid) finish(event.data.payload);
      };
      window.addEventListener("message", onMessage);
      const timer = setInterval(() => {
        if (win.closed) finish({ guid, status: "unknown" });
      }, CLOSED_POLL_MS);
    });
  }
  function save(productOrigin, method, request) {
    const guid = newGuid();
    const win = openPopup(popupUrl(productOrigin, method, request, guid, location.origin), guid);
    return waitForResult(win, productOrigin, guid);
  }

  // sdk/src/sdk.ts
  var LINKS = 'a[data-pin-do],a[href*="/pin/create/button/"]';
  function safe(fn) {
    return (...args) => {
      try {
        fn(...args);
      } catch (error) {
        console.warn("[corkboard]", error);
      }
    };
  }
  function createSdk(productOrigin, settings, doc) {
    const undo = [];
    let seen = /* @__PURE__ */ new WeakSet();
    const globals2 = window;
    let selection = "";
    const onPointerDown = () => selection = selectedText();
    doc.addEventListener("pointerdown", onPointerDown, true);
    undo.push(() => doc.removeEventListener("pointerdown", onPointerDown, true));
    const selected = () => selectedText() || selection;
    const announce = (target, outcome) => {
      (target.isConnected ? target : doc).dispatchEvent(new CustomEvent("corkboard:save", { bubbles: true, composed: true, detail: outcome }));
      const onError = globals2[settings.error];
      if (outcome.status === "error" && typeof onError === "function") safe(onError)(outcome);
    };
    const saveFrom = (target, method, request) => void save(productOrigin, method, request).then(safe((outcome) => announce(target, outcome)));
    const pinAny = (target, source = target) => {
      const request = readPinLink(source, doc, selected());
      const found = pageSays(doc, "nopin") ? [] : findImages(doc);
      if (!found.length) return saveFrom(target, "button", { ...request, media: "" });
      const lang = readLook(source, settings).lang;
      showPicker(doc, found, { save: label(lang, SAVE), close: label(lang, CLOSE) }, (chosen) => {
        const image = readImage(chosen.img, doc, selected());
        saveFrom(target, "button", { ...image, url: chosen.img.getAttribute("data-pin-url") || request.url });
      });
    };
    const act = (target, source, kind) => {
      if (kind === "pin") saveFrom(target, "button", readPinLink(source, doc, selected()));
      else if (kind === "bookmark") pinAny(target, source);
      else {
        const url = followUrl(productOrigin, source.getAttribute("href") ?? "");
        if (url) window.open(url, "corkboard_follow", POPUP_FEATURES);
      }
    };
    const decorate = (link) => {
      const kind = kindOf(link);
      if (!kind || seen.has(link)) return;
      seen.add(link);
      const look = readLook(link, settings);
      if (look.custom) {
        const onClick = safe((event) => {
          event.preventDefault();
          act(link, link, kind);
        });
        link.addEventListener("click", onClick);
        undo.push(() => link.removeEventListener("click", onClick));
        return;
      }
      const text = kind === "follow" ? link.textContent?.trim() || label(look.lang, FOLLOW) : look.save ? label(look.lang, SAVE) : "Pin it";
      const [host, button] = renderButton(text, { ...look, color: look.save || look.color !== "red" ? look.color : "gray" }, safe(() => act(host, link, kind)));
      const focused = doc.activeElement === link;
      link.replaceWith(host);
      if (focused) button.focus();
      undo.push(() => host.replaceWith(link));
    };
    const near = new IntersectionObserver(
      safe((entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) {
            near.unobserve(entry.target);
            decorate(entry.target);
          }
      }),
      { rootMargin: "25%" }
    );
    const build = safe((root = doc) => {
      if (root instanceof Element && root.matches(LINKS)) near.observe(root);
      root.querySelectorAll(LINKS).forEach((link) => near.observe(link));
    });
    if (settings.hover) {
      const lang = settings.lang;
      undo.push(startHover(doc, settings.save ? label(lang, SAVE) : "Pin it", settings, (img) => saveFrom(img, "button", readImage(img, doc, selected())), safe));
    }
    const observer = new MutationObserver(
      safe((records) => {
        for (const record of records) for (const node of Array.from(record.addedNodes)) if (node instanceof Element && !node.hasAttribute("data-corkboard")) build(node);
      })
    );
    const api = {
      pinOne: safe((request) => {
        const page = readPinLink(doc.documentElement, doc, selected());
        saveFrom(doc.documentElement, "button", { url: request.url || page.url, media: request.media ?? "", description: pickDescription(request.description, page.description), id: request.id ?? "" });
      }),
      pinAny: safe(() => pinAny(doc.documentElement)),
      build,
      destroy: safe(() => {
        observer.disconnect();
        near.disconnect();
        for (const step of undo.splice(0).reverse()) step();
        seen = /* @__PURE__ */ new WeakSet();
      })
    };
    build();
    observer.observe(doc.documentElement, { childList: true, subtree: true });
    return api;
  }

  // sdk/src/pinit.ts
  var LOADED = "__corkboard_loaded";
  var globals = window;
  var script = document.currentScript ?? document.querySelector('script[src*="/js/pinit.js"]');
  var start = safe(() => {
    const settings = readSettings(script, document);
    const api = createSdk(new URL(script?.src || location.href).origin, settings, document);
    globals[settings.util] = api;
    if (settings.build) globals[settings.build] = api.build;
  });
  safe(() => {
    if (globals[LOADED]) return;
    globals[LOADED] = true;
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  })();
})();
