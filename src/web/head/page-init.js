// Runs inline at the top of every page's <head>, before first paint. The build inlines it (no
// request before the first paint) and the CSP allows it by its hash, which the server computes
// from the HTML it serves. It:
// - applies the saved theme: localStorage "theme" is "light", "dark" or "system" (also when
//   absent); system follows the OS, live;
// - reserves room for the security posture banner on local, dev and preview hosts;
// - uses the Inter web font only once the browser holds it: a first visit paints with the
//   metric-matched fallback and never waits for or swaps to the font; after the first paint the
//   font is fetched in the background, and later pages use it from the cache;
// - on prerendered pages (<meta name="app-entry">), whose HTML already holds the content and the
//   styles, loads the app's module script and its chunks (<meta name="app-preload">) after the
//   first paint; the app then hydrates the page.
(function () {
  var root = document.documentElement;
  var host = location.hostname.toLowerCase();
  var postureHost =
    host === "localhost" || host === "127.0.0.1" || host === "[::1]" || /\.(localhost|local)$/.test(host) || /(^|[.-])(dev|preview|staging)([.-]|$)/.test(host);
  if (postureHost) root.setAttribute("data-posture", "");

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
  function startApp() {
    var entry = metaList("app-entry")[0];
    if (!entry) return;
    metaList("app-preload").forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.src = entry;
    document.head.appendChild(script);
  }

  afterFirstPaint(function () {
    startApp();
    if (!useWebFont) cacheWebFont();
  });
})();
