// Applies the saved theme before first paint (an external file: the CSP allows no inline script).
(function () {
  try {
    var saved = localStorage.getItem("theme");
    var dark = saved === "dark" || (saved !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch {
    // Storage unavailable: keep the system theme.
  }
})();
