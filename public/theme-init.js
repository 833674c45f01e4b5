// Applies the saved theme before first paint (an external file: the CSP allows no inline script),
// and reserves room for the security posture banner on local, dev and preview hosts.
(function () {
  var host = location.hostname.toLowerCase();
  var postureHost =
    host === "localhost" || host === "127.0.0.1" || host === "[::1]" || /\.(localhost|local)$/.test(host) || /(^|[.-])(dev|preview|staging)([.-]|$)/.test(host);
  if (postureHost) document.documentElement.setAttribute("data-posture", "");
  try {
    var saved = localStorage.getItem("theme");
    var dark = saved === "dark" || (saved !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch {
    // Storage unavailable: keep the system theme.
  }
})();
