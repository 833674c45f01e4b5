// Runs inline at the top of every page's <head>, before first paint. The build inlines it (no
// request before the first paint) and the CSP allows it by its hash, which the server computes
// from the HTML it serves. It:
// - applies the saved theme: localStorage "theme" is "light", "dark" or "system" (also when
//   absent); system follows the OS, live;
// - reserves room for the security posture banner on local, dev and preview hosts;
// - after a confirmation link (/?email-confirmed=1, see src/server/auth/email-confirmed.ts),
//   shows the welcome banner (html[data-email-confirmed]) and removes the flag from the address;
// - uses the Inter web font only once the browser holds it: a first visit paints with the
//   metric-matched fallback and never waits for or swaps to the font; the font is fetched in the
//   background (once the app runs), and later pages use it from the cache;
// - on prerendered pages (<meta name="app-entry">), whose HTML already holds the content and the
//   CSS of that content, starts the app (the full stylesheet, <meta name="app-styles">, the
//   entry and its chunks, <meta name="app-preload">), which then
//   hydrates the page: on local, dev and preview hosts after the first paint (the posture banner
//   needs it at once); elsewhere at the visitor's first sign of interaction (a pointer moving in,
//   a touch, a key, a focus), so that reading a page runs no script at all. Its code is
//   prefetched after the first paint, and a button pressed before the app runs is pressed
//   again once it has hydrated (window.cogworkPendingClick, see src/web/marketing.tsx);
// - on a signed-in first screen the server rendered (<meta name="app-start" content="after-paint">,
//   src/server/first-screen.ts), starts the app right after the first paint on every host: the
//   screen paints as soon as it has its HTML and CSS, then its scripts load and hydrate it.
(function () {
  var root = document.documentElement;
  var host = location.hostname.toLowerCase();
  var postureHost =
    host === "localhost" ||
    host === "127.0.0.1" ||
    host === "[::1]" ||
    /\.(localhost|local)$/.test(host) ||
    /(^|[.-])(dev|preview|staging)([.-]|$)/.test(host);
  if (postureHost) root.setAttribute("data-posture", "");

  if (/[?&]email-confirmed=1(&|$)/.test(location.search)) {
    root.setAttribute("data-email-confirmed", "");
    var rest = location.search.replace(/([?&])email-confirmed=1(&|$)/, "$1").replace(/[?&]$/, "");
    try {
      history.replaceState(history.state, "", location.pathname + rest + location.hash);
    } catch {
      // An address that cannot be rewritten keeps the flag: the banner shows either way.
    }
  }

  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null; // Storage unavailable: defaults apply.
    }
  }
  var media = window.matchMedia("(prefers-color-scheme: dark)");
  function applyTheme() {
    var saved = stored("theme");
    root.classList.toggle("dark", saved === "dark" || (saved !== "light" && media.matches));
  }
  applyTheme();
  if (media.addEventListener) media.addEventListener("change", applyTheme);

  var useWebFont = stored("webfont") === "cached";
  if (useWebFont) root.classList.add("webfont");

  // Once the page has loaded and shown its content: nothing fetched here can delay either.
  function afterFirstPaint(callback) {
    var loaded = false;
    var painted = false;
    function maybeRun() {
      if (loaded && painted) setTimeout(callback, 0);
    }
    if (document.readyState === "complete") loaded = true;
    else
      window.addEventListener(
        "load",
        function () {
          loaded = true;
          maybeRun();
        },
        { once: true },
      );
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf("paint") < 0) {
      painted = true;
      return maybeRun();
    }
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      painted = true;
      maybeRun();
    }).observe({ type: "paint", buffered: true });
  }

  function cacheWebFont() {
    if (!document.fonts || !document.fonts.load) return;
    document.fonts.load('1em "Inter Variable"').then(
      function (faces) {
        try {
          if (faces.length) localStorage.setItem("webfont", "cached");
        } catch {
          // Storage unavailable: keep the fallback font.
        }
      },
      function () {},
    );
  }

  function metaList(name) {
    var meta = document.querySelector('meta[name="' + name + '"]');
    return meta ? meta.getAttribute("content").split(" ").filter(Boolean) : [];
  }
  var appStarted = false;
  function startApp() {
    var entry = metaList("app-entry")[0];
    if (!entry || appStarted) return;
    appStarted = true;
    // The page's HTML holds the CSS of its own markup; what the app may show needs the rest.
    metaList("app-styles").forEach(function (href) {
      addLink("stylesheet", href);
    });
    metaList("app-preload").forEach(function (href) {
      addLink("modulepreload", href);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.src = entry;
    // Without its app a rendered screen still takes input: its links work as plain links.
    script.onerror = function () {
      var screen = document.getElementById("root");
      if (screen) screen.removeAttribute("inert");
    };
    document.head.appendChild(script);
    if (!useWebFont) whenIdle(cacheWebFont);
  }
  function addLink(rel, href) {
    var link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (rel === "prefetch") link.as = /\.css$/.test(href) ? "style" : "script";
    document.head.appendChild(link);
  }

  var INTENT = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel"];
  function onIntent() {
    INTENT.forEach(function (type) {
      document.removeEventListener(type, onIntent, true);
    });
    startApp();
  }
  // (The <meta> naming the entry comes after this script: startApp looks for it when it runs.)
  function startAppOnIntent() {
    INTENT.forEach(function (type) {
      document.addEventListener(type, onIntent, { capture: true, passive: true });
    });
    document.addEventListener(
      "click",
      function (event) {
        if (root.dataset.hydrated || !metaList("app-entry").length) return;
        var button = event.target && event.target.closest ? event.target.closest("button") : null;
        if (button) window.cogworkPendingClick = button;
      },
      true,
    );
  }

  if (!postureHost) startAppOnIntent();

  // The least urgent work: when the browser is idle, in a task of its own.
  function whenIdle(callback) {
    if (window.requestIdleCallback) requestIdleCallback(callback, { timeout: 5000 });
    else setTimeout(callback, 1000);
  }

  afterFirstPaint(function () {
    // A prerendered page fetches the web font once its app runs; any other page now.
    if (!metaList("app-entry").length) {
      if (!useWebFont) whenIdle(cacheWebFont);
      return;
    }
    // A signed-in screen rendered on the server (<meta name="app-start" content="after-paint">)
    // starts its app at once after the first paint, on every host: it is inert until then.
    if (postureHost || metaList("app-start")[0] === "after-paint") return startApp();
    if (!appStarted)
      metaList("app-styles")
        .concat(metaList("app-entry"), metaList("app-preload"))
        .forEach(function (href) {
          addLink("prefetch", href);
        });
  });
})();
