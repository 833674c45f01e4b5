// Applies the saved theme before first paint (an external file: the CSP allows no inline script),
// and reserves room for the security posture banner on local, dev and preview hosts.
// localStorage "theme" is "light", "dark" or "system" (also when absent): system follows the OS, live.
(function () {
  var host = location.hostname.toLowerCase();
  var postureHost =
    host === "localhost" || host === "127.0.0.1" || host === "[::1]" || /\.(localhost|local)$/.test(host) || /(^|[.-])(dev|preview|staging)([.-]|$)/.test(host);
  if (postureHost) document.documentElement.setAttribute("data-posture", "");
  var media = window.matchMedia("(prefers-color-scheme: dark)");
  function apply() {
    var saved = null;
    try {
      saved = localStorage.getItem("theme");
    } catch {
      // Storage unavailable: follow the system.
    }
    var dark = saved === "dark" || (saved !== "light" && media.matches);
    document.documentElement.classList.toggle("dark", dark);
  }
  apply();
  if (media.addEventListener) media.addEventListener("change", apply);
})();
