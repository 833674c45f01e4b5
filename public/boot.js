// Prerendered pages: their content is already in the HTML, so the app's JavaScript (named by
// <meta name="app-entry">) is loaded once the page has loaded, off the critical path of the
// first paint. An external file: the CSP allows no inline script.
(function () {
  var meta = document.querySelector('meta[name="app-entry"]');
  if (!meta) return;
  var preload = document.querySelector('meta[name="app-preload"]');
  function start() {
    var files = preload ? preload.getAttribute("content").split(" ").filter(Boolean) : [];
    files.forEach(function (file) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = file;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.src = meta.getAttribute("content");
    document.head.appendChild(script);
  }
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
})();
