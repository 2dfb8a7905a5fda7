/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    container: import('./server/container.ts').Container;
    admin: import('./domain/auth/sign-in.ts').AdminUser | null;
  }
}
