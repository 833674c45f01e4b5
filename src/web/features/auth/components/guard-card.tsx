import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import type { ReactNode } from "react";

/** The centred card the guards show instead of a protected screen. */
export function GuardCard({
  title,
  text,
  icon,
  children,
}: {
  title: string;
  text: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          {icon}
          <CardTitle as="h1">{title}</CardTitle>
          <CardDescription>{text}</CardDescription>
        </CardHeader>
        {children ? <CardContent className="flex justify-center">{children}</CardContent> : null}
      </Card>
    </div>
  );
}
