// Applies the saved theme before first paint (an external file: the CSP allows no inline script).
// localStorage "theme" is "light", "dark" or "system" (also when absent): system follows the OS, live.
(function () {
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
